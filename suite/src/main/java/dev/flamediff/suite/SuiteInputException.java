package dev.flamediff.suite;

/**
 * A suite's input cannot be used: a results file that is not JMH's JSON, a folder that does not
 * exist. The message is one line naming the file and the problem.
 */
public final class SuiteInputException extends Exception {

    /** Creates the exception; line breaks in the message become spaces. */
    public SuiteInputException(String message, Throwable cause) {
        super(message.replaceAll("[\\r\\n]+", " "), cause);
    }
}
